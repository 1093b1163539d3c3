import {
  CommentBody,
  ContainmentBody,
  DetectionBulkBody,
  DetectionBulkReply,
  EdrAssignee,
  EdrComment,
  EdrDetection,
  EdrDetectionDetail,
  EdrDetectionParams,
  EdrDetectionQuery,
  EdrHost,
  EdrHostDetail,
  EdrHostParams,
  EdrHostQuery,
  EdrParams,
  EdrPolicyBody,
  EdrSubscription,
  Envelope,
  ListPagingQuery,
  ListReply,
  MedrDetail,
  MsspDetail,
} from '@portal/api/contract';
import { Type } from 'typebox';
import { callerOf } from '../../plugins/access.ts';
import type { AreaRoutes } from '../../platform/area.ts';
import type { EndpointDriver } from './driver.ts';
import { audited } from '../../plugins/audit.ts';
import { errorReplies } from '../../platform/schemas.ts';
import { areaTaskRoutes } from '../../platform/tasks/route.ts';
import {
  addComment,
  changeDetections,
  changePolicy,
  prepareContainment,
  readAssignees,
  readDetection,
  readDetections,
  readHost,
  readHosts,
  readMedr,
  readMssp,
  readSubscriptionList,
} from './service.ts';
import { containmentTask } from './tasks.ts';

const READ = { access: { area: 'crowdstrike', level: 'read' } } as const;
const MANAGE = { access: { area: 'crowdstrike', level: 'manage' } } as const;
const TAGS = ['crowdstrike'];
const BASE = '/services/crowdstrike';

/**
 * Endpoint security under `/services/crowdstrike`: the tenant's subscriptions, a medr's hosts,
 * detections and policy, an mssp's figures over its children. Containment is a task.
 */
const crowdstrikeRoutes: AreaRoutes<EndpointDriver> = async (app, { drivers }) => {
  const task = areaTaskRoutes(app, { access: MANAGE.access, tags: TAGS });
  // Not tied to a site: one platform serves every tenant.
  const deps = { db: app.db, driver: drivers.primary };

  app.get(
    BASE,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'Your managed EDR and MSSP subscriptions (or a page) with their headline figures',
        querystring: ListPagingQuery,
        response: { 200: ListReply(EdrSubscription), ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => readSubscriptionList(deps, callerOf(request), request.query),
  );

  app.get(
    `${BASE}/medr/:id`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'A managed EDR subscription: policy, releases and figures',
        params: EdrParams,
        response: { 200: Envelope(MedrDetail), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await readMedr(deps, callerOf(request), request.params.id) }),
  );

  app.get(
    `${BASE}/medr/:id/hosts`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "A managed EDR subscription's hosts, optionally only outdated or stale ones",
        params: EdrParams,
        querystring: EdrHostQuery,
        response: { 200: Envelope(Type.Array(EdrHost)), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readHosts(deps, callerOf(request), request.params.id, request.query),
    }),
  );

  app.get(
    `${BASE}/medr/:id/detections`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary:
          "A managed EDR subscription's detections, by severity then newest first, with comments",
        params: EdrParams,
        querystring: EdrDetectionQuery,
        response: {
          200: Envelope(Type.Array(EdrDetection)),
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({
      data: await readDetections(deps, callerOf(request), request.params.id, request.query),
    }),
  );

  app.get(
    `${BASE}/medr/:id/hosts/:hostId`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'One host of a managed EDR subscription, with its detections',
        params: EdrHostParams,
        response: { 200: Envelope(EdrHostDetail), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readHost(deps, callerOf(request), request.params.id, request.params.hostId),
    }),
  );

  app.get(
    `${BASE}/medr/:id/detections/:detectionId`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'One detection of a managed EDR subscription, with its comments and host',
        params: EdrDetectionParams,
        response: { 200: Envelope(EdrDetectionDetail), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await readDetection(
        deps,
        callerOf(request),
        request.params.id,
        request.params.detectionId,
      ),
    }),
  );

  app.get(
    `${BASE}/medr/:id/assignees`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: "The users a detection may be assigned to: the subscription's tenant's and yours",
        params: EdrParams,
        response: {
          200: Envelope(Type.Array(EdrAssignee)),
          ...errorReplies(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({ data: await readAssignees(deps, callerOf(request), request.params.id) }),
  );

  app.patch(
    `${BASE}/medr/:id/policy`,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Change the sensor update policy and uninstall protection',
        params: EdrParams,
        body: EdrPolicyBody,
        response: { 200: Envelope(MedrDetail), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await audited(
        request,
        { action: 'edr.policy', target: `edr:${request.params.id}`, detail: { ...request.body } },
        () => changePolicy(deps, callerOf(request), request.params.id, request.body),
        undefined,
        (subscription) => subscription.name,
      ),
    }),
  );

  app.patch(
    `${BASE}/medr/:id/detections`,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Change the status or assignee of several detections, optionally commenting',
        params: EdrParams,
        body: DetectionBulkBody,
        response: { 200: Envelope(DetectionBulkReply), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await audited(
        request,
        {
          action: 'edr.detections',
          target: `edr:${request.params.id}`,
          detail: {
            ids: request.body.ids,
            status: request.body.status,
            resolution: request.body.resolution,
            assignee: request.body.assignee,
          },
        },
        () => changeDetections(deps, callerOf(request), request.params.id, request.body),
        (result) => result,
      ),
    }),
  );

  app.post(
    `${BASE}/medr/:id/detections/:detectionId/comments`,
    {
      config: MANAGE,
      schema: {
        tags: TAGS,
        summary: 'Comment on a detection',
        params: EdrDetectionParams,
        body: CommentBody,
        response: { 201: Envelope(EdrComment), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id, detectionId } = request.params;
      const { comment } = await audited(
        request,
        { action: 'edr.comment', target: `edr-detection:${detectionId}` },
        () => addComment(deps, callerOf(request), id, detectionId, request.body.body),
        (result) => ({ comment_id: result.comment.id }),
        (result) => result.detectionName,
      );
      return reply.code(201).send({ data: comment });
    },
  );

  task({
    method: 'POST',
    url: `${BASE}/medr/:id/hosts/:hostId/containment`,
    summary: 'Network-contain a host, or lift its containment (a task of a few seconds)',
    params: EdrHostParams,
    body: ContainmentBody,
    definition: containmentTask,
    action: 'edr.containment',
    target: ({ params }) => `edr-host:${params.hostId}`,
    prepare: (tx, caller, { params, body }) =>
      prepareContainment(tx, caller, params.id, params.hostId, body),
  });

  app.get(
    `${BASE}/mssp/:id`,
    {
      config: READ,
      schema: {
        tags: TAGS,
        summary: 'An MSSP subscription: totals across its children and the children table',
        params: EdrParams,
        response: { 200: Envelope(MsspDetail), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await readMssp(deps, callerOf(request), request.params.id) }),
  );
};

export default crowdstrikeRoutes;

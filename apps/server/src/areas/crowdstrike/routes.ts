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
import { areaRoutes } from '../../platform/routes.ts';
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
  const route = areaRoutes(app, { permission: 'crowdstrike', tags: TAGS });
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

  route.read(
    {
      url: `${BASE}/medr/:id`,
      summary: 'A managed EDR subscription: policy, releases and figures',
      params: EdrParams,
      data: MedrDetail,
    },
    ({ params }, caller) => readMedr(deps, caller, params.id),
  );

  route.read(
    {
      url: `${BASE}/medr/:id/hosts`,
      summary: "A managed EDR subscription's hosts, optionally only outdated or stale ones",
      params: EdrParams,
      querystring: EdrHostQuery,
      data: Type.Array(EdrHost),
    },
    ({ params, query }, caller) => readHosts(deps, caller, params.id, query),
  );

  route.read(
    {
      url: `${BASE}/medr/:id/detections`,
      summary:
        "A managed EDR subscription's detections, by severity then newest first, with comments",
      params: EdrParams,
      querystring: EdrDetectionQuery,
      data: Type.Array(EdrDetection),
    },
    ({ params, query }, caller) => readDetections(deps, caller, params.id, query),
  );

  route.read(
    {
      url: `${BASE}/medr/:id/hosts/:hostId`,
      summary: 'One host of a managed EDR subscription, with its detections',
      params: EdrHostParams,
      data: EdrHostDetail,
    },
    ({ params }, caller) => readHost(deps, caller, params.id, params.hostId),
  );

  route.read(
    {
      url: `${BASE}/medr/:id/detections/:detectionId`,
      summary: 'One detection of a managed EDR subscription, with its comments and host',
      params: EdrDetectionParams,
      data: EdrDetectionDetail,
    },
    ({ params }, caller) => readDetection(deps, caller, params.id, params.detectionId),
  );

  route.read(
    {
      url: `${BASE}/medr/:id/assignees`,
      summary: "The users a detection may be assigned to: the subscription's tenant's and yours",
      params: EdrParams,
      data: Type.Array(EdrAssignee),
    },
    ({ params }, caller) => readAssignees(deps, caller, params.id),
  );

  route.change(
    {
      method: 'PATCH',
      url: `${BASE}/medr/:id/policy`,
      summary: 'Change the sensor update policy and uninstall protection',
      params: EdrParams,
      body: EdrPolicyBody,
      data: MedrDetail,
    },
    ({ params, body }, caller) => changePolicy(deps, caller, params.id, body),
    {
      event: ({ params, body }) => ({
        action: 'edr.policy',
        target: `edr:${params.id}`,
        detail: { ...body },
      }),
      label: (subscription) => subscription.name,
    },
  );

  route.change(
    {
      method: 'PATCH',
      url: `${BASE}/medr/:id/detections`,
      summary: 'Change the status or assignee of several detections, optionally commenting',
      params: EdrParams,
      body: DetectionBulkBody,
      data: DetectionBulkReply,
    },
    ({ params, body }, caller) => changeDetections(deps, caller, params.id, body),
    {
      event: ({ params, body }) => ({
        action: 'edr.detections',
        target: `edr:${params.id}`,
        detail: {
          ids: body.ids,
          status: body.status,
          resolution: body.resolution,
          assignee: body.assignee,
        },
      }),
      describe: (result) => result,
    },
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

  route.task({
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

  route.read(
    {
      url: `${BASE}/mssp/:id`,
      summary: 'An MSSP subscription: totals across its children and the children table',
      params: EdrParams,
      data: MsspDetail,
    },
    ({ params }, caller) => readMssp(deps, caller, params.id),
  );
};

export default crowdstrikeRoutes;

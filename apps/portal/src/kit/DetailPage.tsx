// The detail page every area uses: the outlined back button carrying the list's `prevSearch`,
// a header with the name, a status chip and actions, tabs kept in the URL (`?tab=`), and the
// loading, not-found and error states.
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { mdiFileQuestionOutline } from '@mdi/js';
import {
  BackButton,
  Button,
  EmptyState,
  ErrorState,
  LinkButton,
  PageHeader,
  Skeleton,
  SkeletonGroup,
  Tabs,
} from '@portal/ui';
import { isNotFound, queryErrorText } from './queryError.ts';
import { PREV_SEARCH, searchOf, withPrevSearch } from './prevSearch.ts';
import { useUrlParam } from './urlParam.ts';

export { detailReadProps } from './queryError.ts';

/** The query parameter that keeps the selected tab. */
export const TAB_PARAM = 'tab';

export interface DetailTab {
  /** In the URL: `?tab=snapshots`. */
  id: string;
  label: string;
  /** An `@mdi/js` path before the label. */
  icon?: string;
  /** Mounted only while its tab is selected. */
  content: ReactNode;
  disabled?: boolean;
}

export interface DetailPageProps {
  /** The list this page belongs to (`/compute`); Back returns there with the search it had. */
  listPath: string;
  /** The back button's label: the list's name ("Virtual machines"). */
  listLabel: string;
  /** The resource's name, once read. */
  title?: ReactNode;
  /** What is known before the read ("Virtual machine 12"): the heading while loading. */
  loadingTitle?: ReactNode;
  /** A status chip beside the name. */
  status?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /** What the page shows, for the loading and not-found texts: "virtual machine". */
  noun: string;
  /** The first read is under way. */
  loading: boolean;
  /** Why the read failed; a 404 shows "not found". */
  error?: unknown;
  onRetry?: () => void;
  /** The tabs; the first is the default. Without tabs, `children` is the page. */
  tabs?: readonly DetailTab[];
  /** What the tab list is about: "Virtual machine details". */
  tabsLabel?: string;
  /** A message above the tabs, for every tab (the platform changed the resource outside). */
  notice?: ReactNode;
  children?: ReactNode;
}

/** The panels of a detail page or of one of its tabs, one under the other. */
export const DetailStack = styled.div`
  display: grid;
  gap: 16px;
`;

const Heading = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
`;

const Body = styled.div`
  margin-top: 8px;
`;

/** The selected tab, kept in the URL with the other parameters (`prevSearch` stays). */
export function useUrlTab(
  tabs: readonly Pick<DetailTab, 'id'>[],
): [string | undefined, (id: string) => void] {
  const [wanted, setWanted] = useUrlParam(TAB_PARAM);
  const selected = tabs.some((tab) => tab.id === wanted) ? (wanted ?? undefined) : tabs[0]?.id;
  const select = (id: string) => setWanted(id === tabs[0]?.id ? null : id);
  return [selected, select];
}

/** See the file's first lines. */
export function DetailPage({
  listPath,
  listLabel,
  title,
  loadingTitle,
  status,
  description,
  actions,
  noun,
  loading,
  error,
  onRetry,
  tabs,
  tabsLabel,
  notice,
  children,
}: DetailPageProps) {
  const [params] = useSearchParams();
  const backHref = params.has(PREV_SEARCH) ? withPrevSearch(listPath, searchOf(params)) : listPath;
  const [tab, selectTab] = useUrlTab(tabs ?? []);
  const back = <BackButton href={backHref}>{listLabel}</BackButton>;

  if (error && isNotFound(error)) {
    return (
      <>
        <PageHeader title={`No such ${noun}`} back={back} />
        <EmptyState
          icon={mdiFileQuestionOutline}
          title={`This ${noun} does not exist`}
          description={`It may have been deleted, or it belongs to another tenant.`}
          action={
            <LinkButton href={backHref} variant="primary">
              Back to {listLabel.toLowerCase()}
            </LinkButton>
          }
        />
      </>
    );
  }
  if (error) {
    return (
      <>
        <PageHeader title={title ?? `The ${noun}`} back={back} />
        <ErrorState
          title={`The ${noun} could not be loaded`}
          description={queryErrorText(error)}
          action={onRetry ? <Button onClick={onRetry}>Try again</Button> : undefined}
        />
      </>
    );
  }
  if (loading) {
    return (
      <>
        <PageHeader title={loadingTitle ?? <Skeleton width={220} height={32} />} back={back} />
        <SkeletonGroup label={`Loading the ${noun}`}>
          <Skeleton width="min(420px, 100%)" height={36} />
          <Skeleton lines={4} />
          <Skeleton variant="rect" height={160} />
        </SkeletonGroup>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={
          <Heading>
            {title}
            {status}
          </Heading>
        }
        description={description}
        actions={actions}
        back={back}
      />
      {notice}
      {tabs && tabs.length > 0 ? (
        <Tabs.Root value={tab} onValueChange={selectTab}>
          <Tabs.List aria-label={tabsLabel ?? `${noun} details`}>
            {tabs.map((item) => (
              <Tabs.Trigger key={item.id} value={item.id} icon={item.icon} disabled={item.disabled}>
                {item.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((item) => (
            <Tabs.Content key={item.id} value={item.id}>
              <Body>{item.content}</Body>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        children
      )}
    </>
  );
}

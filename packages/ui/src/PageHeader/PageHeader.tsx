import type { HTMLAttributes, MouseEvent, ReactNode } from 'react';
import {
  Actions,
  Back,
  Crumb,
  CrumbLink,
  Crumbs,
  Description,
  Root,
  Row,
  Title,
} from './PageHeader.styles.ts';

/** One step of the breadcrumb trail. */
export interface PageHeaderCrumb {
  /** The page's name ("Virtual machines"). */
  label: ReactNode;
  /** Where it is. Without it the crumb is plain text (the last crumb is the current page). */
  href?: string;
  /**
   * Called on click. Not needed for client-side routing when the app has a `LinkProvider`;
   * `event.preventDefault()` here still stops the provider's navigation.
   */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export interface PageHeaderProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** The page's title: the page's one `<h1>`. */
  title: ReactNode;
  /** A sentence under the title. */
  description?: ReactNode;
  /** Page-level actions, right of the title. */
  actions?: ReactNode;
  /** Above the title, usually a `BackButton`. */
  back?: ReactNode;
  /**
   * The trail from the top of the area to this page, in a "Breadcrumb" navigation landmark above
   * the title. The last crumb is the current page (`aria-current="page"`).
   */
  breadcrumbs?: PageHeaderCrumb[];
}

/**
 * The top of a page: optional breadcrumbs and back button, the `<h1>` title, actions and a
 * description.
 */
export function PageHeader({
  title,
  description,
  actions,
  back,
  breadcrumbs,
  ...rest
}: PageHeaderProps) {
  return (
    <Root {...rest}>
      {breadcrumbs && breadcrumbs.length > 0 && (
        <nav aria-label="Breadcrumb">
          <Crumbs>
            {breadcrumbs.map((crumb, index) => {
              const current = index === breadcrumbs.length - 1;
              return (
                <Crumb key={index}>
                  {crumb.href !== undefined && !current ? (
                    <CrumbLink href={crumb.href} onClick={crumb.onClick}>
                      {crumb.label}
                    </CrumbLink>
                  ) : (
                    <span aria-current={current ? 'page' : undefined}>{crumb.label}</span>
                  )}
                </Crumb>
              );
            })}
          </Crumbs>
        </nav>
      )}
      {back && <Back>{back}</Back>}
      <Row>
        <Title>{title}</Title>
        {actions && <Actions>{actions}</Actions>}
      </Row>
      {description && <Description>{description}</Description>}
    </Root>
  );
}

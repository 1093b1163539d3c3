import type { HTMLAttributes, ReactNode } from 'react';
import { Actions, Back, Description, Root, Row, Title } from './PageHeader.styles.ts';

export interface PageHeaderProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** The page's title: the page's one `<h1>`. */
  title: ReactNode;
  /** A sentence under the title. */
  description?: ReactNode;
  /** Page-level actions, right of the title. */
  actions?: ReactNode;
  /** Above the title, usually a `BackButton`. */
  back?: ReactNode;
}

/** The top of a page: optional back button, the `<h1>` title, actions and a description. */
export function PageHeader({ title, description, actions, back, ...rest }: PageHeaderProps) {
  return (
    <Root {...rest}>
      {back && <Back>{back}</Back>}
      <Row>
        <Title>{title}</Title>
        {actions && <Actions>{actions}</Actions>}
      </Row>
      {description && <Description>{description}</Description>}
    </Root>
  );
}

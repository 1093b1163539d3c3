import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { ElevatedActionsContext } from '../internal/elevation.ts';
import { Actions, Body, Header, Root, Subtitle, Title } from './Card.styles.ts';

export interface CardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** Heading of the card. */
  title?: ReactNode;
  /** Heading level of `title`; defaults to 2. Pick the level that fits the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** The card's content. */
  children?: ReactNode;
  /**
   * Buttons at the bottom, right-aligned. `Button`s and `LinkButton`s placed here are elevated
   * (specification: card action buttons elevated) unless they say `elevated={false}`.
   */
  actions?: ReactNode;
}

/**
 * A surface grouping content with an optional title and action row. One component with slot
 * props (`title`, `subtitle`, `actions`) rather than compound parts: a card's structure is fixed.
 */
export function Card({ title, headingLevel = 2, subtitle, children, actions, ...rest }: CardProps) {
  const titleId = useId();
  const titled = title !== undefined && title !== null;
  return (
    <Root
      aria-labelledby={titled ? titleId : undefined}
      role={titled ? 'group' : undefined}
      {...rest}
    >
      {titled && (
        <Header>
          <Title as={`h${headingLevel}`} id={titleId}>
            {title}
          </Title>
          {subtitle && <Subtitle>{subtitle}</Subtitle>}
        </Header>
      )}
      {children !== undefined && <Body>{children}</Body>}
      {actions && (
        <Actions>
          <ElevatedActionsContext.Provider value={true}>{actions}</ElevatedActionsContext.Provider>
        </Actions>
      )}
    </Root>
  );
}

import type { HTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { Icon } from '@portal/icons';
import { theme } from '../theme/theme.ts';

const { color, font, space } = theme;

const Root = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space[3]};
  max-width: 56ch;
  margin: 0 auto;
  padding: ${space[12]} ${space[4]};
  text-align: center;
  color: ${color.text};
`;

const Badge = styled.div`
  display: grid;
  place-items: center;
  width: 72px;
  height: 72px;
  border-radius: 50%;
  background: ${color.primaryContainer};
  color: ${color.onPrimaryContainer};

  &[data-tone='error'] {
    background: ${theme.kind.error.container};
    color: ${theme.kind.error.onContainer};
  }
`;

const Title = styled.h2`
  margin: ${space[2]} 0 0;
  font-size: ${font.size.xl};
  font-weight: ${font.weight.semibold};
  line-height: ${font.lineHeight.tight};
`;

const Description = styled.div`
  margin: 0;
  color: ${color.textSecondary};
`;

const ActionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${space[2]};
  margin-top: ${space[2]};
`;

export interface StatePanelProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** An icon above the title: an `@mdi/js` path or a custom icon. */
  icon?: string;
  /** What the state is, as a heading. */
  title: ReactNode;
  /** Heading level of the title; defaults to 2. */
  headingLevel?: 1 | 2 | 3;
  /** One or two sentences: why, and what to do. */
  description?: ReactNode;
  /** What to do next: a button or link. */
  action?: ReactNode;
}

/** The centred icon, title, description and action that empty and error states share. */
export function StatePanel({
  icon,
  title,
  headingLevel = 2,
  description,
  action,
  tone,
  ...rest
}: StatePanelProps & { tone: 'neutral' | 'error' }) {
  return (
    <Root {...rest}>
      {icon && (
        <Badge data-tone={tone}>
          <Icon path={icon} size={36} />
        </Badge>
      )}
      <Title as={`h${headingLevel}`}>{title}</Title>
      {description && <Description>{description}</Description>}
      {action && <ActionRow>{action}</ActionRow>}
    </Root>
  );
}

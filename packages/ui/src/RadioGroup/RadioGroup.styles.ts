import styled from 'styled-components';
import { Indicator, Item } from '@radix-ui/react-radio-group';
import { theme } from '../theme/theme.ts';
import { choiceBox } from '../internal/choice.styles.ts';

const { color, font, radius, space } = theme;

export const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${space[2]};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

export const Legend = styled.legend`
  margin-bottom: ${space[1]};
  padding: 0;
  color: ${color.text};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.medium};
`;

export const Options = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[3]};

  &[data-orientation='horizontal'] {
    flex-direction: row;
    flex-wrap: wrap;
    column-gap: ${space[6]};
  }
`;

export const Radio = styled(Item)`
  ${choiceBox('20px', '2px', radius.full)}
  cursor: pointer;

  &:hover:not(:disabled) {
    border-color: ${color.text};
  }
  &[data-state='checked'] {
    border-color: ${color.primaryStrong};
  }
  [aria-invalid='true'] &:not([data-state='checked']) {
    border-color: ${color.errorText};
  }
  &:disabled {
    border-color: ${color.textDisabled};
    cursor: not-allowed;
  }
`;

export const Dot = styled(Indicator)`
  width: 10px;
  height: 10px;
  border-radius: ${radius.full};
  background: ${color.primaryStrong};

  [data-disabled] > & {
    background: ${color.textDisabled};
  }
`;

export const OptionDescription = styled.span`
  color: ${color.textSecondary};
  font-size: ${font.size.sm};
`;

/** Group messages sit under the options, not indented. */
export const GroupMessages = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;

  &:empty {
    display: none;
  }
`;

import styled from 'styled-components';
import { theme } from '../theme/theme.ts';

const { font, space } = theme;

export const Form = styled.form`
  display: contents;
`;

export const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space[4]};
`;

export const Name = styled.strong`
  font-family: ${font.familyMono};
  font-weight: ${font.weight.semibold};
  overflow-wrap: anywhere;
`;

import styled from 'styled-components';
import { buttonStyles } from '../Button/Button.styles.ts';

export const StyledLink = styled.a`
  ${buttonStyles}
`;

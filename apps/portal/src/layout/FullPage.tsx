import styled from 'styled-components';

/** A centred, full-viewport frame for sign-in, legal and checking screens. */
export const FullPage = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 24px 16px;
  background: var(--ui-color-background);
`;

import styled from 'styled-components';
import { buttonStyles } from '../internal/button.styles.ts';
import { Link } from '../Link/Link.tsx';

/** Through `Link`, so the `LinkProvider`'s router renders it. */
export const StyledLink = styled(Link)`
  ${buttonStyles}
`;

/** A link disabled with a reason: an `<a>` without `href`, so no router and no navigation. */
export const StyledDisabledLink = styled.a`
  ${buttonStyles}
`;

import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Alert, BackButton } from '@portal/ui';

const Article = styled.article`
  max-width: 72ch;
  margin: 0 auto;
  padding: 32px 20px 64px;
  line-height: 1.6;
  h1 {
    font-size: 1.75rem;
    margin: 16px 0 8px;
  }
  h2 {
    font-size: 1.125rem;
    margin: 28px 0 8px;
  }
`;

/** A legal document; the texts are samples until the provider's lawyers supply the real ones. */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Article>
      <BackButton
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/auth/signin'))}
      />
      <h1>{title}</h1>
      <p>Last updated {updated}.</p>
      <Alert kind="warning">
        Sample text for demonstration. It is not a binding agreement and will be replaced by the
        provider's own terms.
      </Alert>
      {children}
    </Article>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Icon, iconCloud } from '@portal/icons';
import { FullPage } from '../../layout/FullPage.tsx';

const Panel = styled.section`
  width: min(420px, 100%);
  background: var(--ui-color-surface);
  color: var(--ui-color-text);
  border: 1px solid var(--ui-color-border);
  border-radius: var(--ui-radius-lg, 12px);
  box-shadow: var(--ui-elevation-2);
  padding: 32px 28px 24px;
  display: flex;
  flex-direction: column;
  gap: 20px;
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: 10px;
  color: var(--ui-color-primary-text, var(--ui-color-primary));
  font-weight: 700;
  font-size: 1.125rem;
`;

const Title = styled.h1`
  margin: 0;
  font-size: 1.5rem;
  line-height: 1.3;
`;

const Lead = styled.p`
  margin: -8px 0 0;
  color: var(--ui-color-text-secondary);
`;

const Footer = styled.nav`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 6px 16px;
  font-size: 0.8125rem;
  a {
    color: var(--ui-color-text-secondary);
  }
`;

/** The frame every sign-in screen shares: brand, title, content, legal links. */
export function AuthFrame({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <FullPage>
      <Panel aria-labelledby="auth-title">
        <Brand>
          <Icon path={iconCloud} size={28} />
          Skyport Cloud
        </Brand>
        <Title id="auth-title">{title}</Title>
        {lead && <Lead>{lead}</Lead>}
        {children}
        <Footer aria-label="Legal">
          <Link to="/legal/agreement">Customer agreement</Link>
          <Link to="/legal/terms_ms">Terms of managed services</Link>
          <Link to="/legal/aup">Acceptable use policy</Link>
        </Footer>
      </Panel>
    </FullPage>
  );
}

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

export const Row = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  flex-wrap: wrap;
`;

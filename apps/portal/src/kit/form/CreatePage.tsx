import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { BackButton, PageHeader } from '@portal/ui';

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
  max-width: 880px;
  &[data-width='wide'] {
    max-width: 1040px;
  }
`;

export interface CreatePageProps {
  /** The page's `<h1>`: "Create a network". */
  title: string;
  /** One sentence under it. */
  description?: ReactNode;
  /** The list the back button returns to, and its name ("Networking"). */
  back: { href: string; label: string };
  /** `wide` for a wizard whose steps hold side-by-side choices. Defaults to `normal`. */
  width?: 'normal' | 'wide';
  /** The wizard (`CreateFlow`), or what stands in for it while it loads. */
  children: ReactNode;
}

/**
 * The frame every creation wizard sits in: the back button to its list in the page header, the
 * title and sentence, then the steps, at one width.
 */
export function CreatePage({
  title,
  description,
  back,
  width = 'normal',
  children,
}: CreatePageProps) {
  const navigate = useNavigate();
  const toList = (event: MouseEvent) => {
    event.preventDefault();
    navigate(back.href);
  };
  return (
    <Layout data-width={width}>
      <PageHeader
        title={title}
        description={description}
        back={
          <BackButton href={back.href} onClick={toList}>
            {back.label}
          </BackButton>
        }
      />
      {children}
    </Layout>
  );
}

import { useParams } from 'react-router-dom';
import { mdiHammerWrench } from '@mdi/js';
import { EmptyState, LinkButton, PageHeader } from '@portal/ui';
import { FullPage } from '../layout/FullPage.tsx';

interface Placeholder {
  /** The page's title, e.g. "Virtual machines". */
  title: string;
  /** Outside the main layout (console pages). */
  fullPage?: boolean;
}

/**
 * An honest placeholder for an area that a later release builds: the route, its guards and
 * its parameter rules already apply; the content does not exist yet.
 */
export function notAvailable({ title, fullPage = false }: Placeholder) {
  function NotAvailablePage() {
    const params = useParams();
    const subject = Object.values(params).filter(Boolean).join(' / ');
    const body = (
      <EmptyState
        icon={mdiHammerWrench}
        title={`${title}: not available yet`}
        description="This part of the portal arrives in a coming release. Your access to it is already checked."
        action={fullPage ? <LinkButton href="/">Back to the portal</LinkButton> : undefined}
      />
    );
    if (fullPage) return <FullPage>{body}</FullPage>;
    return (
      <>
        <PageHeader title={subject ? `${title} ${subject}` : title} />
        {body}
      </>
    );
  }
  NotAvailablePage.displayName = `NotAvailable(${title})`;
  return NotAvailablePage;
}

import type { PhishingCampaign } from '@portal/api/contract';
import { DeleteDialog } from '../../kit/DeleteDialog.tsx';
import { campaignResource } from './campaignResource.ts';
import { phishingApiOf, phishingKeys } from './queries.ts';

/**
 * Deleting a draft or scheduled campaign (a scheduled one is called off first); its name is typed
 * to confirm. A refusal (it started meanwhile) stays in the dialog as the server's sentence.
 */
export function DeleteCampaignDialog({
  campaign,
  open,
  onOpenChange,
  onDeleted,
}: {
  campaign: Pick<PhishingCampaign, 'id' | 'name' | 'state'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  return (
    <DeleteDialog
      name={campaign.name}
      noun="campaign"
      description={
        campaign.state === 'scheduled'
          ? 'Its sending is called off before any message goes, and the campaign is deleted with its recipient list. This cannot be undone.'
          : 'The draft is deleted; its template, landing page and recipient group stay. This cannot be undone.'
      }
      open={open}
      onOpenChange={onOpenChange}
      removal={{
        task: () => phishingApiOf().removeCampaign(campaign.id),
        resource: campaignResource(campaign.id),
        invalidates: [phishingKeys.campaigns(), phishingKeys.stats()],
      }}
      {...(onDeleted ? { onDeleted } : {})}
    />
  );
}

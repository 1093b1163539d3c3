import styled from 'styled-components';
import type { Volume } from '@portal/api/contract';
import { volumeMountPath } from '@portal/api/domain';
import { Card } from '@portal/ui';
import { formatSizeGb } from '../../lib/format.ts';

const Commands = styled.pre`
  margin: 8px 0;
  padding: 12px;
  overflow-x: auto;
  border: 1px solid var(--ui-color-border);
  border-radius: 8px;
  background: var(--ui-color-background);
  color: var(--ui-color-text);
  font-family: var(--ui-font-family-mono);
  font-size: 0.8125rem;
  line-height: 1.6;
`;

const Text = styled.p`
  margin: 0;
`;

/**
 * How to reach the volume from inside the VM. On an LXD site LXD mounts it itself; elsewhere it
 * is a new, raw disk: find it, give a new one a file system (a copy of a snapshot already has
 * the VM's), mount it, and keep it mounted across reboots.
 */
export function MountHelp({ volume, lxd }: { volume: Volume; lxd: boolean }) {
  const path = volumeMountPath(volume.name);
  const vm = volume.attached_vm?.display_name;
  const where = vm ? `in ${vm}` : 'in the VM you attach it to';
  if (lxd)
    return (
      <Card title="Use it in the VM" headingLevel={2}>
        <Text>
          Once attached, the platform mounts it {where} at <code>{path}</code> (a path named after
          the volume; another disk already there adds the volume&apos;s id). Nothing to format or
          mount by hand.
        </Text>
      </Card>
    );
  const fresh = volume.source === null;
  return (
    <Card title="Use it in the VM" headingLevel={2}>
      <Text>
        {vm
          ? `${vm} sees the volume as a new disk`
          : 'Attach it first: the VM then sees a new disk'}{' '}
        of {formatSizeGb(volume.size_gb)}. Find its name with <code>lsblk</code> (below, the disk is
        taken to be <code>/dev/sdb</code>), then {where}:
      </Text>
      <Commands aria-label="Commands to mount the volume">
        {[
          'lsblk',
          ...(fresh ? ['sudo mkfs.ext4 /dev/sdb'] : []),
          `sudo mkdir -p ${path}`,
          `sudo mount /dev/sdb ${path}`,
        ].join('\n')}
      </Commands>
      <Text>
        {fresh
          ? 'Format only this once: mkfs erases the disk. '
          : 'Do not format it: it holds a copy of the snapshot’s disk, file system included. '}
        To mount it at every boot, add it to <code>/etc/fstab</code> by the UUID that{' '}
        <code>sudo blkid /dev/sdb</code> shows.
      </Text>
    </Card>
  );
}

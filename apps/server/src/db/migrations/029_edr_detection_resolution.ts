// Endpoint security: closing a detection records what it was (true positive, false positive or
// ignored). Detections closed before this was asked keep no resolution. Only closed ones have one.
export const sql = /* sql */ `
alter table edr_detections
  add column resolution text
    check (resolution in ('true_positive', 'false_positive', 'ignored')),
  add column closed_at timestamptz,
  add constraint edr_detections_resolution_closed check (resolution is null or status = 'closed');
`;

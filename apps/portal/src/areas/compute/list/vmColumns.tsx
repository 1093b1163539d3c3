// The VM columns moved to `kit/vm/vmColumns.tsx` (shared with vwseries); the create wizard still
// imports its memory text from here.
export { formatMemory as memoryText } from '../../../lib/format.ts';

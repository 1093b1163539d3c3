export { KeyValue } from './KeyValue.tsx';
export type { KeyValueItem, KeyValueProps } from './KeyValue.tsx';

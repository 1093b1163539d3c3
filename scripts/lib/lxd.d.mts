export const LXD_SOCKET: string;
export const LXD_POOL: string;
export const LXD_BRIDGE: string;
export const LXD_BRIDGE_CIDR: string;
export const LXD_IMAGE_ALIAS: string;
export function lxdAnswers(socketPath?: string): Promise<boolean>;
export function ensureLxd(options?: { log?: (line: string) => void }): Promise<void>;

// Where endpoint security's pages are, for links between them.

export const medrPath = (medrId: number) => `/crowdstrike/medr/${medrId}`;

/** A host's page. */
export const hostPath = (medrId: number, hostId: number) => `${medrPath(medrId)}/hosts/${hostId}`;

/** A detection's page. */
export const detectionPath = (medrId: number, detectionId: number) =>
  `${medrPath(medrId)}/detections/${detectionId}`;

/** A filled cloud (the portal brand, cloud services). 24-unit grid, nonzero fill. */
export const iconCloud =
  'M6.5 19a4.5 4.5 0 0 1-.61-8.96 6.5 6.5 0 0 1 12.3-1.6A5.3 5.3 0 0 1 17.7 19z';

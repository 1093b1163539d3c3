/** A globe with meridian and equator (public network, internet). 24-unit grid, nonzero fill. */
export const iconGlobe =
  'M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0 -20zM12 4a8 8 0 1 0 0 16a8 8 0 1 0 0 -16zM12 2a4.8 10 0 1 1 0 20a4.8 10 0 1 1 0-20zM12 4a2.9 8 0 1 0 0 16a2.9 8 0 1 0 0-16zM2.5 11h19v2h-19z';

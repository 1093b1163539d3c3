/** Wireless signal with a padlock (secured wireless network). 24-unit grid, nonzero fill. */
export const iconWifiLock =
  'M9 19.5L7.16 17.66A2.6 2.6 0 0 1 10.84 17.66zM5.89 16.39A4.4 4.4 0 0 1 12.11 16.39L13.67 14.83A6.6 6.6 0 0 0 4.33 14.83zM3.06 13.56A8.4 8.4 0 0 1 14.94 13.56L16.5 12A10.6 10.6 0 0 0 1.5 12zM16.9 16A1.6 1.6 0 0 1 20.1 16L21.5 16A3 3 0 0 0 15.5 16zM14.5 16h8a.5.5 0 0 1 .5.5v5a.5.5 0 0 1-.5.5h-8a.5.5 0 0 1-.5-.5v-5a.5.5 0 0 1 .5-.5zM17.75 17.75v2.5h1.5v-2.5z';

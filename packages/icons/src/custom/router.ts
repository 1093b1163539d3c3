/** A router with two antennas, status lights and a signal (network appliances). 24-unit grid, nonzero fill. */
export const iconRouter =
  'M4 13h16a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-4a2 2 0 0 1 2-2zM5 16v2h2v-2zM8.5 16v2h2v-2zM14 16.25v1.5h5v-1.5zM4 4h1.6v9H4zM18.4 4H20v9h-1.6zM12 11.5L10.4 11.5A1.6 1.6 0 0 1 13.6 11.5zM9.18 10.47A3 3 0 0 1 14.82 10.47L16.13 10A4.4 4.4 0 0 0 7.87 10z';

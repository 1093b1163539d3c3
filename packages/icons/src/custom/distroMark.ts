/** Original mark for a Linux distribution: a command prompt in a ring. Not a real logo. 24-unit grid, nonzero fill. */
export const iconDistroMark =
  'M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0 -20zM12 4a8 8 0 1 0 0 16a8 8 0 1 0 0 -16zM7 7.6L12.6 11.1L12.6 12.9L7 16.4L7 14.2L10.6 12L7 9.8zM13 15h4.5v1.8H13z';

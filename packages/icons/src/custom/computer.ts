/** A desktop computer: monitor on a stand (virtual machines, desktops). 24-unit grid, nonzero fill. */
export const iconComputer =
  'M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2h-6v2h3v2H7v-2h3v-2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM4 5v10h16V5z';

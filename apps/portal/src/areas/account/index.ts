// The account area's pages (loaded on first visit), and the second-factor policy control that the
// administration pages show too.
export { AccountPage } from './AccountPage.tsx';
export { SecondFactorEnrolPage } from './SecondFactorEnrolPage.tsx';
export { SecondFactorPolicyPanel } from './SecondFactorPolicyPanel.tsx';

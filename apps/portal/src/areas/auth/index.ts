export { SignInPage } from './SignInPage.tsx';
export { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
export { ActionPage } from './ActionPage.tsx';

export { LoginScreen, type LoginScreenProps } from "./login-screen";
export { PasswordSignInForm } from "./password-sign-in-form";
export { SecondFactorForm } from "./second-factor-form";
export type { SandboxPerson } from "./sandbox-people";
export { postSignInTarget } from "./post-sign-in";

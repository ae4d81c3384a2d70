export { LoginScreen, type LoginScreenProps } from "./login-screen";
export { OperatorSignInForm } from "./operator-sign-in-form";
export { ViewerSignInForm } from "./viewer-sign-in-form";
export type { SandboxBusiness } from "./sandbox-businesses";
export { postSignInTarget } from "./post-sign-in";

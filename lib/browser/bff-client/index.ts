export {
  bffFetch,
  withQuery,
  loginUrlForCurrentPage,
  resetAuthRedirect,
  type BffFetchOptions,
  type HttpMethod,
  type QueryValue,
} from "./client";
export { BffRequestError, isBffRequestError, isAbortError, type BffRequestErrorInit } from "./errors";
export { applyServerErrors, type ApplyServerErrorsOptions, type ApplyServerErrorsResult } from "./form-errors";
export { safeNextPath } from "./next-path";
export { bffPages, readPages, textLines } from "./pages";

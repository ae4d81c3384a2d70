export { default } from "../_loading/page-skeleton";

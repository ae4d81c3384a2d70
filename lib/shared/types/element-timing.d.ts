/**
 * The Element Timing API's attribute (https://w3c.github.io/element-timing/): an element that carries it gets a
 * PerformanceElementTiming entry when it is first painted. React passes it to the DOM as written; its types do not
 * list it yet. The benchmarks read it to time when a page's first figures are on screen.
 */
import "react";

declare module "react" {
  // A merged declaration must repeat React's own type parameter, by name, even though this part does not use it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}

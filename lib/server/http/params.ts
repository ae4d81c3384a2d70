import { z } from "zod";
import { resourceIdSchema } from "@/lib/shared/schemas/common";

/** `{ id }` route params: opaque ids, but only a safe alphabet may travel in a path. */
export const idParamsSchema = z.object({ id: resourceIdSchema });

import { z } from "zod";
import { EXPORT_FORMATS } from "@/lib/shared/export/sheet";
import { resourceIdSchema } from "@/lib/shared/schemas/common";

/** `{ id }` route params: opaque ids, but only a safe alphabet may travel in a path. */
export const idParamsSchema = z.object({ id: resourceIdSchema });

/** `?format=csv|xlsx` of an export route; CSV when absent. */
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default("csv") });

import { z } from "zod";
import type { ApiArea } from "../registry.server";

export const metaArea: ApiArea = {
  tag: "About the API",
  description: "This document.",
  operations: [
    {
      method: "get",
      path: "/api/openapi.json",
      summary: "This OpenAPI 3.1 document",
      access: "public",
      answers: {
        200: { description: "The document.", schema: z.object({ openapi: z.literal("3.1.0") }).passthrough() },
      },
    },
  ],
};

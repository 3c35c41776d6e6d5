import { z } from "zod";
import { ServiceListQuerySchema, ServicePatchSchema, ServiceSchema } from "~/lib/schemas/services";
import { ServiceView } from "~/lib/schemas/views/services";
import type { Service } from "~/domain/services.server";
import { answerFits, type ApiArea } from "../registry.server";

// One component for the body POST and PUT share (the route's own schema, named).
const ServiceInput = ServiceSchema.openapi("ServiceInput");

export const servicesArea: ApiArea = {
  tag: "Services",
  description: "The salon's services, prices in pence. Everyone reads them; administrators change them.",
  operations: [
    {
      method: "get",
      path: "/api/services",
      summary: "Every service, by category then name",
      query: ServiceListQuerySchema,
      answers: { 200: { description: "The services (a short list: not paged).", schema: z.array(ServiceView) } },
      errors: [400],
    },
    {
      method: "post",
      path: "/api/services",
      summary: "Add a service",
      body: ServiceInput,
      answers: { 201: { description: "The new service.", schema: ServiceView } },
      errors: [400, 403, 409],
    },
    {
      method: "get",
      path: "/api/services/{id}",
      summary: "One service",
      answers: { 200: { description: "The service.", schema: ServiceView } },
      errors: [404],
    },
    {
      method: "put",
      path: "/api/services/{id}",
      summary: "Replace every field of a service",
      body: ServiceInput,
      answers: { 200: { description: "The service as saved.", schema: ServiceView } },
      errors: [400, 403, 404, 409],
    },
    {
      method: "patch",
      path: "/api/services/{id}",
      summary: "Change the fields sent; the others keep their stored values",
      body: ServicePatchSchema,
      answers: { 200: { description: "The service as saved.", schema: ServiceView } },
      errors: [400, 403, 404, 409],
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof ServiceView, Service>();

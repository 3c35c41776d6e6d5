import { describe, expect, it } from "vitest";
import * as globalSettings from "~/routes/api.salon-settings.global";
import * as salonSettings from "~/routes/api.salon-settings._index";
import { call, json, makeRequest, signedIn } from "../factories";

describe("/api/salon-settings", () => {
  it("starts with SPEC's defaults and the 'Management System' fallback name", async () => {
    const admin = await signedIn("admin");
    const settings = await json(
      await call(salonSettings.loader, makeRequest("GET", "/api/salon-settings", { token: admin.token })),
    );
    expect(settings.body).toMatchObject({
      openTime: "09:00",
      closeTime: "18:00",
      bookingAdvanceLimit: 30,
      cancellationNotice: 24,
      reminderHoursBefore: 24,
      timeZone: "Europe/London",
      smsEnabled: false,
    });
    const global = await json(
      await call(globalSettings.loader, makeRequest("GET", "/api/salon-settings/global", { token: admin.token })),
    );
    expect(global.body).toMatchObject({ salonName: "Management System", timeZone: "Europe/London" });
  });

  it("saves settings for admins, keeps the SMS secret out of answers, and validates", async () => {
    const admin = await signedIn("admin");
    const saved = await json(
      await call(
        salonSettings.action,
        makeRequest("POST", "/api/salon-settings", {
          token: admin.token,
          body: {
            salonName: "Willow & Shear",
            userId: 999,
            smsApiSecret: "s3cret",
            timeZone: "Europe/Dublin",
            openTime: "08:30",
          },
        }),
      ),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      salonName: "Willow & Shear",
      timeZone: "Europe/Dublin",
      openTime: "08:30",
      closeTime: "18:00",
      smsApiSecret: "",
      smsApiSecretSet: true,
      userId: admin.user.id,
    });
    const global = await json(
      await call(globalSettings.loader, makeRequest("GET", "/api/salon-settings/global", { token: admin.token })),
    );
    expect(global.body.salonName).toBe("Willow & Shear");

    const invalid = await json(
      await call(
        salonSettings.action,
        makeRequest("POST", "/api/salon-settings", {
          token: admin.token,
          body: { openTime: "19:00", timeZone: "Mars/Olympus", email: "nope" },
        }),
      ),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({
      closeTime: ["Closing time must be after opening time"],
      timeZone: ["Unknown time zone"],
      email: ["Invalid email"],
    });
    const after = await json(
      await call(salonSettings.loader, makeRequest("GET", "/api/salon-settings", { token: admin.token })),
    );
    expect(after.body.openTime).toBe("08:30");
  });

  it("is refused to stylists and display accounts; the global name is for anyone signed in", async () => {
    for (const role of ["stylist", "display"] as const) {
      const actor = await signedIn(role);
      expect(
        (
          await json(
            await call(salonSettings.loader, makeRequest("GET", "/api/salon-settings", { token: actor.token })),
          )
        ).status,
      ).toBe(403);
      expect(
        (
          await json(
            await call(
              salonSettings.action,
              makeRequest("POST", "/api/salon-settings", { token: actor.token, body: { salonName: "Hijack" } }),
            ),
          )
        ).status,
      ).toBe(403);
      expect(
        (
          await json(
            await call(globalSettings.loader, makeRequest("GET", "/api/salon-settings/global", { token: actor.token })),
          )
        ).status,
      ).toBe(200);
    }
    expect(
      (await json(await call(globalSettings.loader, makeRequest("GET", "/api/salon-settings/global")))).status,
    ).toBe(401);
  });
});

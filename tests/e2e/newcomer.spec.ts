// The README's promise: a fresh install, the first admin, a stylist account, the
// stylist's restricted view in another browser, and a script using the API token.
import { expect, test } from "./fixtures";

test("a newcomer sets up the salon, adds a stylist, and the stylist sees only a stylist's screens", async ({
  browser,
  request,
  freshInstall,
}) => {
  const freshInstallURL = freshInstall.url;
  const adminContext = await browser.newContext({ baseURL: freshInstallURL });
  const admin = await adminContext.newPage();
  await admin.goto("/");
  await expect(admin).toHaveURL(/\/auth$/);
  await expect(admin.getByRole("heading", { name: "Setup Admin Account" })).toBeVisible();

  await admin.getByRole("button", { name: "Create Admin Account" }).click();
  await expect(admin.getByText("First name is required")).toBeVisible();
  await expect(admin.getByText("Password must be at least 8 characters")).toBeVisible();

  await admin.getByLabel("First Name").fill("Olive");
  await admin.getByLabel("Last Name").fill("Owner");
  await admin.getByLabel("Email").fill("owner@fresh.test");
  await admin.getByLabel("Password").fill("owner-pass-1");
  await admin.getByRole("button", { name: "Create Admin Account" }).click();
  await expect(admin.getByText("Admin account created")).toBeVisible();
  const sidebar = admin.getByRole("navigation", { name: "Main" });
  await expect(sidebar.getByRole("link", { name: "GDPR Compliance" })).toBeVisible();
  await expect(admin.getByRole("complementary").getByText("Management System")).toBeVisible();

  await sidebar.getByRole("link", { name: "Settings" }).click();
  await admin
    .getByRole("navigation", { name: "Settings sections" })
    .getByRole("link", { name: "Staff Accounts" })
    .click();
  await expect(admin.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await admin.getByLabel("First name").fill("Sam");
  await admin.getByLabel("Last name").fill("Shears");
  await admin.getByLabel("Email").fill("sam@fresh.test");
  await admin.getByLabel("Password").fill("sam-pass-1");
  await expect(admin.getByLabel("Role")).toHaveValue("stylist");
  await admin.getByRole("button", { name: "Create Account" }).click();
  await expect(admin.getByText("Account created")).toBeVisible();
  await expect(admin.getByText("sam@fresh.test")).toBeVisible();

  // Another browser: the stylist.
  const stylistContext = await browser.newContext({ baseURL: freshInstallURL });
  const stylist = await stylistContext.newPage();
  await stylist.goto("/settings/staff");
  await expect(stylist).toHaveURL(/\/auth\?redirectTo=%2Fsettings%2Fstaff$/);
  await stylist.getByLabel("Email").fill("sam@fresh.test");
  await stylist.getByLabel("Password").fill("sam-pass-1");
  await stylist.getByRole("button", { name: "Sign In" }).click();
  await expect(stylist.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  const stylistNav = stylist.getByRole("navigation", { name: "Main" });
  await expect(stylistNav.getByRole("link", { name: "Calendar" })).toBeVisible();
  await expect(stylistNav.getByRole("link", { name: "My Availability" })).toBeVisible();
  await expect(stylistNav.getByRole("link", { name: "Reminders", exact: true })).toHaveCount(0);
  await expect(stylistNav.getByRole("link", { name: "GDPR Compliance" })).toHaveCount(0);
  await expect(stylist.getByRole("complementary").getByText("Sam Shears")).toBeVisible();
  await expect(stylist.getByRole("complementary").getByText("Stylist", { exact: true })).toBeVisible();

  await stylist.goto("/settings");
  const tabs = stylist.getByRole("navigation", { name: "Settings sections" }).getByRole("link");
  await expect(tabs).toHaveText(["Account", "Notifications", "Privacy & GDPR"]);
  await stylist.goto("/gdpr");
  await expect(stylist.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await stylist.goto("/sms");
  await expect(stylist.getByText("Only administrators can access SMS reminder settings.")).toBeVisible();

  // A script signs in and uses the token.
  const login = await request.post(`${freshInstallURL}/api/login`, {
    data: { email: "sam@fresh.test", password: "sam-pass-1" },
  });
  expect(login.status()).toBe(200);
  const { token } = await login.json();
  const me = await request.get(`${freshInstallURL}/api/user`, { headers: { Authorization: `Bearer ${token}` } });
  expect(await me.json()).toMatchObject({ email: "sam@fresh.test", role: "stylist" });
  const users = await request.get(`${freshInstallURL}/api/users`, { headers: { Authorization: `Bearer ${token}` } });
  expect(users.status()).toBe(403);

  // Setup is refused once an admin exists.
  const again = await request.post(`${freshInstallURL}/api/setup-admin`, {
    data: { email: "x@fresh.test", password: "secret1", firstName: "X", lastName: "Y" },
  });
  expect(again.status()).toBe(409);
  await adminContext.close();
  await stylistContext.close();
});

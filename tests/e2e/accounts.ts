// The accounts every e2e test can sign in with, created once by the global setup.
export const ADMIN = { email: "admin@e2e.test", password: "admin-pass-1", firstName: "Ada", lastName: "Admin" };
export const STYLIST = {
  email: "stylist@e2e.test",
  password: "stylist-pass-1",
  firstName: "Sofia",
  lastName: "Stylist",
  role: "stylist",
};
export const DISPLAY = {
  email: "display@e2e.test",
  password: "display-pass-1",
  firstName: "Front",
  lastName: "Screen",
  role: "display",
};
export const SECOND_STYLIST = {
  email: "theo@e2e.test",
  password: "theo-pass-1",
  firstName: "Theo",
  lastName: "Trimmer",
  role: "stylist",
};

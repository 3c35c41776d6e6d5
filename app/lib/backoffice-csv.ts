// The Takings and Commission tabs as CSV for a spreadsheet (decision 0120): amounts in
// pounds with two decimals, one row per figure or stylist. Pure: no server code.
import { toSpreadsheetCsv } from "./csv";

const money = (pence: number) => (pence / 100).toFixed(2);

type TakingsData = {
  date: string;
  salesCount: number;
  salesTotal: number;
  vat: number;
  discounts: number;
  tipsTotal: number;
  payments: Record<string, number>;
  change: number;
  refunds: { count: number; total: number; byMethod: Record<string, number> };
  net: number;
  tipsByStylist: { stylistName: string; amount: number }[];
  expectedCash: number;
  cashUps: {
    createdAt: string;
    byName: string;
    countedCash: number;
    expectedCash: number;
    difference: number;
    notes: string | null;
  }[];
};

export function takingsCsv(takings: TakingsData): { fileName: string; body: string } {
  const rows: string[][] = [["Section", "Item", "Amount (GBP)", "Count"]];
  rows.push(["Sales", "Sales (after discounts, VAT included)", money(takings.salesTotal), String(takings.salesCount)]);
  rows.push(["Sales", "VAT included", money(takings.vat), ""]);
  rows.push(["Sales", "Discounts given", money(takings.discounts), ""]);
  rows.push(["Sales", "Tips", money(takings.tipsTotal), ""]);
  for (const [method, amount] of Object.entries(takings.payments)) rows.push(["Payments", method, money(amount), ""]);
  rows.push(["Payments", "change given", money(takings.change), ""]);
  for (const [method, amount] of Object.entries(takings.refunds.byMethod))
    rows.push(["Refunds", method, money(amount), ""]);
  rows.push(["Refunds", "total", money(takings.refunds.total), String(takings.refunds.count)]);
  rows.push(["Net", "Taken less change and refunds", money(takings.net), ""]);
  rows.push(["Cash", "Expected cash", money(takings.expectedCash), ""]);
  for (const tip of takings.tipsByStylist) rows.push(["Tips by stylist", tip.stylistName, money(tip.amount), ""]);
  for (const count of takings.cashUps)
    rows.push([
      "Cash-up",
      `${count.createdAt} by ${count.byName}: counted ${money(count.countedCash)}, expected ${money(count.expectedCash)}${count.notes ? `; ${count.notes}` : ""}`,
      money(count.difference),
      "",
    ]);
  return { fileName: `takings-${takings.date}.csv`, body: toSpreadsheetCsv(rows) };
}

type CommissionData = {
  from: string;
  to: string;
  stylists: {
    name: string;
    serviceSales: number;
    productSales: number;
    serviceCommission: number;
    productCommission: number;
    commission: number;
    tips: number;
  }[];
  totals: {
    serviceSales: number;
    productSales: number;
    serviceCommission: number;
    productCommission: number;
    commission: number;
    tips: number;
  };
};

export function commissionCsv(report: CommissionData): { fileName: string; body: string } {
  const rows: string[][] = [
    [
      "Stylist",
      "Service sales (GBP)",
      "Product sales (GBP)",
      "Service commission (GBP)",
      "Product commission (GBP)",
      "Commission (GBP)",
      "Tips (GBP)",
    ],
  ];
  const figures = (row: CommissionData["totals"]) => [
    money(row.serviceSales),
    money(row.productSales),
    money(row.serviceCommission),
    money(row.productCommission),
    money(row.commission),
    money(row.tips),
  ];
  for (const stylist of report.stylists) rows.push([stylist.name, ...figures(stylist)]);
  rows.push(["Total", ...figures(report.totals)]);
  return { fileName: `commission-${report.from}-to-${report.to}.csv`, body: toSpreadsheetCsv(rows) };
}

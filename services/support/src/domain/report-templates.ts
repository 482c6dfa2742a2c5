import { SIGN_OFF_TEXT, buttonHtml, documentHtml, paragraph } from './layout';
import type { SupportTemplate } from './support-templates';

/** The reports mail's database template, installed at start-up when missing (staff may reword it). */
export const REPORT_TEMPLATES = { reportReady: 'report-ready' } as const;

/**
 * `report-ready`: the sales report a staff member asked for (dashboard Reports, "email") is ready;
 * one mail per recipient, with the workbook's signed download link (never the file attached).
 * Values: `link` (the signed link), `expiresOn` (the day it stops working, in words), `storeUrl`.
 */
const reportReady: SupportTemplate = {
  name: REPORT_TEMPLATES.reportReady,
  description: 'Staff: the sales report workbook asked for from the dashboard is ready, with a download link that expires.',
  subject: 'Your Inkwell sales report is ready',
  html: documentHtml(
    'Your sales report is ready',
    [
      paragraph('The sales report workbook asked for from the Inkwell dashboard has been written.'),
      buttonHtml('Download the report'),
      paragraph('The link works until {{expiresOn}}. After that, ask for the report again from the dashboard.'),
      paragraph('Keep this email to yourself: anyone with the link can download the report.'),
    ].join('\n'),
  ),
  text: [
    'Your sales report is ready',
    '',
    'The sales report workbook asked for from the Inkwell dashboard has been written.',
    '',
    'Download the report:',
    '{{link}}',
    '',
    'The link works until {{expiresOn}}. After that, ask for the report again from the dashboard.',
    '',
    'Keep this email to yourself: anyone with the link can download the report.',
    '',
    ...SIGN_OFF_TEXT,
  ].join('\n'),
};

export const REPORT_TEMPLATE_CONTENT: readonly SupportTemplate[] = [reportReady];

/** "4 December 2026, 09:30 UTC": when a link stops working, in words. */
export function expiryInWords(expiresAt: string): string {
  const at = new Date(expiresAt);
  if (Number.isNaN(at.getTime())) return expiresAt;
  return `${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', hour12: false }).format(at)} UTC`;
}

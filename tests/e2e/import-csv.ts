// A client file the way spreadsheets write it: a byte-order mark, CRLF, quoted fields
// with commas, doubled quotes and a line break, a row without a name, and duplicates
// (one within the file, one of a client already stored). `tag` keeps names and e-mails
// apart between tests, `code` the phones (a phone is compared by its digits).
export function importCsv(tag: string, code: number) {
  return (
    "\uFEFFName , Email,Phone,Notes,Address,Birthday\r\n" +
    `"Quoted, Quentin ${tag}",quentin.${tag}@import.test,07400 9${code}001,"Likes ""short"" cuts,\r\nand tea","1 High St, Bath",1980-02-03\r\n` +
    `Plain Pam ${tag},pam.${tag}@import.test,07400 9${code}002,,,\r\n` +
    `,nameless.${tag}@import.test,,,,\r\n` +
    `Dupe Quentin ${tag},QUENTIN.${tag}@import.test,,,,\r\n` +
    `Existing Erin ${tag},existing.${tag}@import.test,,,,\r\n` +
    `Sixth Sam ${tag},,07400 9${code}006,,,15/07/1992\r\n` +
    `Seventh Sue ${tag},,07400 9${code}007,,,\r\n`
  );
}

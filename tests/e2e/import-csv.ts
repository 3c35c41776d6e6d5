// A client file the way spreadsheets write it: a byte-order mark, CRLF, quoted fields
// with commas, doubled quotes and a line break, a row without a name, and duplicates
// (one within the file, one of a client already stored). `tag` keeps names and e-mails
// apart between tests, `code` the phones (a phone is compared by its digits).
export function importCsv(tag: string, code: number) {
  return (
    "\uFEFFName , Email,Phone,Notes,Address,Birthday\r\n" +
    `"Quoted, Quentin ${tag}",quentin.${tag}@import.test,07400 9${code}0001,"Likes ""short"" cuts,\r\nand tea","1 High St, Bath",1980-02-03\r\n` +
    `Plain Pam ${tag},pam.${tag}@import.test,07400 9${code}0002,,,\r\n` +
    `,nameless.${tag}@import.test,,,,\r\n` +
    `Dupe Quentin ${tag},QUENTIN.${tag}@import.test,,,,\r\n` +
    `Existing Erin ${tag},existing.${tag}@import.test,,,,\r\n` +
    `Sixth Sam ${tag},,07400 9${code}0006,,,15/07/1992\r\n` +
    `Seventh Sue ${tag},,07400 9${code}0007,,,\r\n`
  );
}

// Google Contacts' export (the current header: First Name, Last Name, E-mail 1 - Value,
// Phone 1 - Value; several values in one cell are separated by " ::: ").
export function googleCsv(tag: string, code: number) {
  return (
    "\uFEFFFirst Name,Middle Name,Last Name,Nickname,Birthday,Notes,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Address 1 - Formatted\r\n" +
    `Gina,,Google ${tag},,1988-03-04,Likes tea,* Home,gina.${tag}@import.test,Mobile,07400 9${code}0101 ::: 01632 960001,"1 Mill Lane\nBath"\r\n` +
    `Gus,,Google ${tag},,,,* Work,gus.${tag}@import.test,Mobile,+44 7400 9${code}0102,\r\n`
  );
}

// Google's older export (Name, Given Name, Family Name) and Outlook's (E-mail Address,
// Mobile Phone, Home Phone; an unknown birthday written 0/0/00).
export function olderGoogleCsv(tag: string, code: number) {
  return (
    "Name,Given Name,Family Name,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value\r\n" +
    `Olive Oldgoogle ${tag},Olive,Oldgoogle ${tag},* Home,olive.${tag}@import.test,Mobile,07400 9${code}0201\r\n`
  );
}

export function outlookCsv(tag: string, code: number) {
  return (
    "First Name,Middle Name,Last Name,Title,E-mail Address,E-mail 2 Address,Home Phone,Mobile Phone,Business Phone,Birthday,Notes,Home Street,Home City,Home Postal Code\r\n" +
    `Otto,,Outlook ${tag},,otto.${tag}@import.test,,01225 960001,07400 9${code}0301,,0/0/00,,2 High St,Bath,BA1 1AA\r\n` +
    `Ola,,Outlook ${tag},Ms,ola.${tag}@import.test,,,,,12/05/1990,,,,\r\n`
  );
}

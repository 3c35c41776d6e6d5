// The most common passwords of 8 or more characters (from public breach-corpus top lists),
// refused for new passwords. Shorter ones are already refused by the minimum length.
// Compared case-insensitively.
const LIST = `
password 12345678 123456789 1234567890 password1 password123 password12 passw0rd p@ssw0rd p@ssword
qwertyuiop qwerty123 qwerty12 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y zaq12wsx 1qaz2wsx qazwsxedc qwertyui
asdfghjkl asdfghjk zxcvbnm1 iloveyou iloveyou1 iloveyou2 11111111 111111111 00000000 88888888
12341234 11223344 12344321 87654321 123123123 987654321 0987654321 123qweasd 123qweasdzxc abcd1234
abc12345 abcdefgh abcdefg1 letmein1 letmein123 welcome1 welcome123 welcome12 sunshine sunshine1
princess princess1 football football1 baseball basketball superman batman123 starwars trustno1
whatever computer internet michelle jennifer jordan23 liverpool chelsea1 arsenal1 manchester
charlie1 michael1 danielle elizabeth jessica1 samantha sweetheart butterfly chocolate cocacola
pokemon1 minecraft fortnite master123 admin123 administrator changeme changeme1 default1
secret123 mypassword passwort motdepasse contraseña password! password1! monkey123 dragon123
shadow123 freedom1 whatever1 hello123 hellokitty lovely123 mustang1 harley123 ginger123 matrix123
1234qwer qwer1234 asdf1234 zxcv1234 aa123456 a1234567 a12345678 q1w2e3r4 q1w2e3r4t5 1a2b3c4d
summer2023 summer2024 summer2025 winter2024 winter2025 spring2025 autumn2025 salon123 hairsalon
salon2024 salon2025 salonpassword stylist1 haircut1 beautiful
`;

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

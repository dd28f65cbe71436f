declare module 'virtual:licences' {
  const licences: import('../../vite-licences.ts').LicenceEntry[];
  export default licences;
}

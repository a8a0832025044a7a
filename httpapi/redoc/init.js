// Renders the served OpenAPI document with the bundled Redoc; nothing is
// fetched from anywhere but this server.
Redoc.init('/v1/openapi.json', {
  expandResponses: '200',
  jsonSampleExpandLevel: 3,
  hideDownloadButton: false,
  sortPropsAlphabetically: false,
  theme: { typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", sans-serif', headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' } } }
}, document.getElementById('redoc'));

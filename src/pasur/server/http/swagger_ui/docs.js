// Swagger UI on this server's OpenAPI description. A file, not an inline script: every page is
// served under "default-src 'self'". No validator: it would send the description to another site.
window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
});

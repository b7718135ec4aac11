import { errorEnvelope } from '@proper-parts/domain/envelope';

/** The 4xx answers every route may give, for the OpenAPI document and the serializer. */
export const errorResponses = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  429: errorEnvelope,
};

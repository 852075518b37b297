// POST /api/phone-lookup (the product's "phone-lookup" function: { success, data | error }) and
// POST /api/phone-reports, where signed-in users vote a number spam or not spam.
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  phoneLookupAnswer,
  phoneLookupRequest,
  phoneReportAnswer,
  phoneReportRequest,
} from '../../../shared/tools/phone/schema.ts'
import { errorBody } from '../../../shared/tools/tool-answer.ts'
import { messages } from '../../../shared/validation.ts'
import type { HistorySaver } from '../saved-results/save-answer.ts'
import { parsePhoneInput } from './describe-number.ts'
import type { PhoneReportsRepository } from './reports-repository.ts'
import { lookUpPhone, summarizeReports } from './service.ts'

export interface PhoneRoutesOptions {
  reports: PhoneReportsRepository
  history: HistorySaver
  currentUser: (request: FastifyRequest) => Promise<{ id: string } | null>
  /** Votes one user may cast per hour. */
  reportsPerHour: number
}

const LOOKUP_FAILED = 'Failed to lookup phone number'

export async function phoneRoutes(app: FastifyInstance, options: PhoneRoutesOptions) {
  const { reports, history } = options
  const users = new WeakMap<FastifyRequest, Promise<{ id: string } | null>>()
  const userOf = (request: FastifyRequest) => {
    let user = users.get(request)
    if (!user) {
      user = options.currentUser(request)
      users.set(request, user)
    }
    return user
  }
  await app.register(rateLimit, { global: false })
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.post(
    '/api/phone-lookup',
    {
      attachValidation: true,
      // A body that cannot be read (bad JSON, wrong content type, too large) is answered in this
      // route's own shape too: the global { error: {...} } body would not match its schema (500).
      errorHandler(error, request, reply) {
        const status = error.statusCode ?? 500
        if (status >= 400 && status < 500) {
          return reply.code(status as 400).send({ success: false, error: error.message })
        }
        request.log.error({ err: error }, 'phone lookup failed')
        return reply.code(500).send({ success: false, error: LOOKUP_FAILED })
      },
      schema: {
        tags: ['tools'],
        summary: 'Reverse phone lookup: numbering-plan facts and community spam reports',
        body: phoneLookupRequest,
        response: { 200: phoneLookupAnswer, 400: phoneLookupAnswer, 500: phoneLookupAnswer },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      if (request.validationError) {
        return reply
          .code(400)
          .send({ success: false, error: request.validationError.validation[0]?.message ?? messages.phoneInvalid })
      }
      const phone = parsePhoneInput(request.body.phoneNumber)
      if (!phone) return reply.code(400).send({ success: false, error: messages.phoneInvalid })
      try {
        const user = request.headers.cookie || request.apiTokenOwner ? await userOf(request) : null
        const data = await lookUpPhone(phone, reports, user?.id)
        if (!user) return { success: true, data }
        const saved = await history.save(request, {
          userId: user.id,
          toolName: 'phone-lookup',
          input: request.body.phoneNumber,
          result: data,
        })
        return { success: true, data, saved }
      } catch (error) {
        request.log.error({ err: error }, 'phone lookup failed')
        return reply.code(500).send({ success: false, error: LOOKUP_FAILED })
      }
    },
  )

  routes.post(
    '/api/phone-reports',
    {
      config: {
        rateLimit: {
          max: options.reportsPerHour,
          timeWindow: 3_600_000,
          keyGenerator: async (request: FastifyRequest) => {
            const user = await userOf(request)
            return user ? `user:${user.id}` : `ip:${request.ip}`
          },
        },
      },
      schema: {
        tags: ['tools'],
        summary: 'Vote a phone number spam or not spam (signed in; one vote per number, the latest counts)',
        body: phoneReportRequest,
        response: { 200: phoneReportAnswer, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const user = await userOf(request)
      if (!user) return reply.code(401).send({ error: { type: 'unauthorized', message: 'Sign in to report a number' } })
      const phone = parsePhoneInput(request.body.phoneNumber)
      if (!phone) return reply.code(400).send({ error: { type: 'invalid_input', message: messages.phoneInvalid } })
      const { verdict, category = 'other' } = request.body
      await reports.save({ number: phone.number, userId: user.id, verdict, category })
      return { number: phone.formatInternational(), ...summarizeReports(await reports.tally(phone.number)) }
    },
  )
}

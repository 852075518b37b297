// POST /api/speed/result: saves a signed-in user's finished test to their history.
import { type SpeedTestResult, speedSaveAnswer } from '../../../shared/tools/speedtest/schema.ts'
import { postJson } from '../../lib/api.ts'

export async function saveSpeedResult(result: SpeedTestResult): Promise<boolean> {
  return speedSaveAnswer.parse(await postJson('/api/speed/result', result)).saved
}

/* ring-step-private.h: what the step room's files share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-step.h"

G_BEGIN_DECLS

/* ring_step_half_collective_s(), and the algorithm that runs it (the ring, or the flat
 * ring when it is chosen or the ring cannot run). */
double _ring_step_half_collective_s (const RingParams  *params,
                                     guint              gpus,
                                     double             bytes,
                                     RingAlgorithm     *algorithm);
/* ring_step_straggler_comm_factor(), 1 for a NULL @straggler (every link at full speed). */
double _ring_step_comm_factor       (RingStepStraggler *straggler,
                                     RingAlgorithm      algorithm,
                                     double             bytes);

/* Activations one GPU keeps for @tokens of its own (Korthikanti et al. 2022, eq. 1). */
double _ring_step_activation_bytes  (const RingParams  *params,
                                     double             tokens,
                                     guint              layers,
                                     guint              hidden,
                                     RingCheckpointing  checkpointing);

/* Optimizer state per parameter, bytes, for gradients of @gradient_bytes (Adam). */
double _ring_step_optimizer_bytes   (double             gradient_bytes);

G_END_DECLS

/* ring-labels.h: short names for people, taken from the model's longer ones.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-model.h"

G_BEGIN_DECLS

/* "NVIDIA H100 SXM5" from "NVIDIA H100 SXM5, NVLink 4 and NVSwitch"; "DGX H100" from
 * "DGX H100: 8 × H100, …": what comes before the first ", " or ": " of @text. */
char *ring_labels_lead          (const char    *text);
/* "NVLS" from "NVLS (in-switch reduction)", translated: what a narrow label has room
 * for. */
char *ring_labels_algorithm     (RingAlgorithm  algorithm);
/* The collective that runs for the model: "Tree, LL128"; "Flat ring" for the algorithms
 * that are not NCCL's and have no protocol; "—" for one GPU, which reduces nothing. */
char *ring_labels_collective    (RingModel     *model);
/* A parameter as a toast lists it: "NIC speed", "model size". */
const char *ring_labels_param   (RingParamId    id);

G_END_DECLS
